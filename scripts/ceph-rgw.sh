#!/usr/bin/env bash
# A one-host Ceph cluster for the s3 backend's integration tests, all on 127.0.0.1, everything under
# one directory, every daemon stopped by its PID. Two shapes:
#   - single: one monitor, one memstore OSD (pool size 1) and one radosgw;
#   - multi:  one monitor, three memstore OSDs (pools replicated three ways, one copy per OSD) and two
#             radosgw gateways on two ports, serving the same cluster, users and buckets: a client
#             talking to either sees the other's objects (the sharded e2e sends half its shards to each).
#
#   scripts/ceph-rgw.sh install            apt-get the packages if radosgw is missing (needs root)
#   scripts/ceph-rgw.sh start DIR PORT [MONPORT]
#                                          single: radosgw on PORT, the monitor on MONPORT (default
#                                          PORT+1); writes DIR/env (endpoint and keys)
#   scripts/ceph-rgw.sh start-multi DIR PORT_A PORT_B [MONPORT]
#                                          multi: gateways on PORT_A and PORT_B, the monitor on MONPORT
#                                          (default PORT_A+2); DIR/env also names both endpoints
#                                          (CEPH_RGW_ENDPOINTS, comma-separated)
#   scripts/ceph-rgw.sh stop DIR           stop the daemons by PID (gateways, OSDs, monitor) and remove DIR
#
# Credentials of the test user are made up for this throwaway cluster and live only in DIR/env.
set -euo pipefail

# on a failed start, show what the daemons said (the directory is removed by `stop`)
fail() {
  echo "ceph: $1" >&2
  for f in "$dir"/log/*.out "$dir"/log/*.log; do
    if [ -s "$f" ]; then echo "--- $f" >&2; tail -n 15 "$f" >&2; fi
  done
  exit 1
}

# start_cluster DIR MONPORT OSDS PORT... : a monitor, OSDS memstore OSDs and one radosgw per PORT
start_cluster() {
  dir=$1
  local monport=$2 osds=$3
  shift 3
  local ports=("$@")
  local gw=(a b c d e f)
  mkdir -p "$dir"/{run,log,mon,osd,rgw}
  conf="$dir/ceph.conf"
  fsid=$(uuidgen)
  # one OSD keeps one copy; three keep three, one on each (CRUSH chooses among OSDs, not hosts)
  local size=$osds min=$(( osds > 1 ? 2 : 1 ))
  cat >"$conf" <<CONF
[global]
fsid = $fsid
mon initial members = a
mon host = v1:127.0.0.1:$monport
public addr = 127.0.0.1
cluster addr = 127.0.0.1
ms bind msgr2 = false
auth cluster required = none
auth service required = none
auth client required = none
osd pool default size = $size
osd pool default min size = $min
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
osd crush chooseleaf type = 0
mon allow pool size one = true
mon max pg per osd = 1000
osd objectstore = memstore
memstore device bytes = 2147483648
# the OSD would place itself in CRUSH with monitor commands sent before its monitor client has the
# monitor map; they carry a zero fsid and the monitor refuses them ('wrong fsid'), which stops the
# OSD about every other start. The script places it instead (osd crush add, below).
osd crush update on start = false
osd class update on start = false
run dir = $dir/run
log file = $dir/log/\$name.log
admin socket = $dir/run/\$name.asok
pid file = $dir/run/\$name.pid
keyring = $dir/keyring
mon data = $dir/mon/\$cluster-\$id
osd data = $dir/osd/\$cluster-\$id
# small parts let the test exercise multipart uploads without gigabytes of memstore
rgw multipart min part size = 4096
CONF
  for i in "${!ports[@]}"; do
    printf '\n[client.rgw.%s]\nrgw frontends = beast endpoint=127.0.0.1:%s\nrgw data = %s/rgw/%s\n' "${gw[$i]}" "${ports[$i]}" "$dir" "${gw[$i]}" >>"$conf"
    mkdir -p "$dir/rgw/${gw[$i]}"
  done
  ceph-authtool --create-keyring "$dir/keyring" --gen-key -n mon. --cap mon 'allow *' >/dev/null
  monmaptool --create --fsid "$fsid" --addv a "[v1:127.0.0.1:$monport]" "$dir/monmap" >/dev/null
  ceph-mon -c "$conf" --mkfs -i a --monmap "$dir/monmap" --keyring "$dir/keyring"
  ceph-mon -c "$conf" -i a -f >"$dir/log/mon.out" 2>&1 &
  echo $! >"$dir/pids"
  for n in $(seq 1 "$osds"); do
    uuid=$(uuidgen)
    id=""
    for _ in $(seq 1 60); do
      id=$(timeout 10 ceph -c "$conf" osd new "$uuid" 2>/dev/null) && break
      sleep 0.5
    done
    [ -n "$id" ] || fail "the monitor did not come up (OSD $n of $osds)"
    mkdir -p "$dir/osd/ceph-$id"
    timeout 10 ceph -c "$conf" osd crush add "osd.$id" 1.0 root=default >/dev/null 2>&1 || fail "osd crush add osd.$id failed"
    ceph-osd -c "$conf" -i "$id" --mkfs --osd-uuid "$uuid" >"$dir/log/osd-$id-mkfs.out" 2>&1 || fail "ceph-osd --mkfs of osd.$id failed"
    ceph-osd -c "$conf" -i "$id" -f >"$dir/log/osd-$id.out" 2>&1 &
    echo $! >>"$dir/pids"
  done
  for _ in $(seq 1 120); do
    timeout 10 ceph -c "$conf" osd stat 2>/dev/null | grep -q "$osds up" && break
    sleep 0.5
  done
  timeout 10 ceph -c "$conf" osd stat 2>/dev/null | grep -q "$osds up" || fail "the OSDs did not come up ($osds expected)"
  # one gateway at a time: the first creates the zone and its pools, the next finds them
  local endpoints=()
  for i in "${!ports[@]}"; do
    local p=${ports[$i]}
    radosgw -c "$conf" -n "client.rgw.${gw[$i]}" -f >"$dir/log/rgw-${gw[$i]}.out" 2>&1 &
    echo $! >>"$dir/pids"
    for _ in $(seq 1 120); do
      curl -s -o /dev/null "http://127.0.0.1:$p/" && break
      sleep 0.5
    done
    curl -s -o /dev/null "http://127.0.0.1:$p/" || fail "radosgw ${gw[$i]} did not answer on $p"
    endpoints+=("http://127.0.0.1:$p")
  done
  access="INGESTSCALETEST$(uuidgen | tr -d - | head -c 8 | tr a-f A-F)"
  secret="$(uuidgen | tr -d -)$(uuidgen | tr -d - | head -c 8)"
  radosgw-admin -c "$conf" user create --uid=bench --display-name=bench --access-key="$access" --secret-key="$secret" >/dev/null
  local joined
  joined=$(IFS=,; echo "${endpoints[*]}")
  printf 'CEPH_RGW_ENDPOINT=%s\nCEPH_RGW_ENDPOINTS=%s\nCEPH_RGW_ACCESS_KEY=%s\nCEPH_RGW_SECRET_KEY=%s\n' "${endpoints[0]}" "$joined" "$access" "$secret" >"$dir/env"
  echo "ceph: $osds OSD(s), radosgw ready on ${endpoints[*]} ($(ceph --version | cut -d' ' -f3))"
}

cmd=${1:-}
case "$cmd" in
install)
  if command -v radosgw >/dev/null && command -v ceph-mon >/dev/null && command -v ceph-osd >/dev/null; then
    echo "ceph: packages already installed"
    exit 0
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends ceph-mon ceph-osd radosgw uuid-runtime >/dev/null
  echo "ceph: installed $(ceph --version | head -1)"
  ;;
start)
  dir=${2:?usage: start DIR PORT [MONPORT]}
  port=${3:?usage: start DIR PORT [MONPORT]}
  # a monitor port of its own: a cluster being torn down must never answer the next one's OSD
  start_cluster "$dir" "${4:-$((port + 1))}" 1 "$port"
  ;;
start-multi)
  dir=${2:?usage: start-multi DIR PORT_A PORT_B [MONPORT]}
  porta=${3:?usage: start-multi DIR PORT_A PORT_B [MONPORT]}
  portb=${4:?usage: start-multi DIR PORT_A PORT_B [MONPORT]}
  start_cluster "$dir" "${5:-$((porta + 2))}" 3 "$porta" "$portb"
  ;;
stop)
  dir=${2:?usage: stop DIR}
  if [ -f "$dir/pids" ]; then
    # the gateways, then the OSDs (they take a few seconds), then the monitor
    tac "$dir/pids" | while read -r pid; do
      kill "$pid" 2>/dev/null || continue
      for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
      kill -9 "$pid" 2>/dev/null || true
    done
  fi
  rm -rf "$dir"
  ;;
*)
  echo "usage: $0 install | start DIR PORT [MONPORT] | start-multi DIR PORT_A PORT_B [MONPORT] | stop DIR" >&2
  exit 2
  ;;
esac
