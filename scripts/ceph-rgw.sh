#!/usr/bin/env bash
# A single-node Ceph cluster for the s3 backend's integration test: one monitor, one memstore OSD
# and radosgw, all on 127.0.0.1, everything under one directory, every daemon stopped by its PID.
#
#   scripts/ceph-rgw.sh install            apt-get the packages if radosgw is missing (needs root)
#   scripts/ceph-rgw.sh start DIR PORT [MONPORT]
#                                          bring the cluster up (radosgw on PORT, the monitor on MONPORT,
#                                          default PORT+1); writes DIR/env (endpoint and keys)
#   scripts/ceph-rgw.sh stop DIR           stop the daemons by PID and remove DIR
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
  dir=${2:?usage: start DIR PORT}
  port=${3:?usage: start DIR PORT [MONPORT]}
  # a monitor port of its own: a cluster being torn down must never answer the next one's OSD
  monport=${4:-$((port + 1))}
  mkdir -p "$dir"/{run,log,mon,osd,rgw}
  conf="$dir/ceph.conf"
  fsid=$(uuidgen)
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
osd pool default size = 1
osd pool default min size = 1
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

[client.rgw.a]
rgw frontends = beast endpoint=127.0.0.1:$port
rgw data = $dir/rgw
CONF
  ceph-authtool --create-keyring "$dir/keyring" --gen-key -n mon. --cap mon 'allow *' >/dev/null
  monmaptool --create --fsid "$fsid" --addv a "[v1:127.0.0.1:$monport]" "$dir/monmap" >/dev/null
  ceph-mon -c "$conf" --mkfs -i a --monmap "$dir/monmap" --keyring "$dir/keyring"
  ceph-mon -c "$conf" -i a -f >"$dir/log/mon.out" 2>&1 &
  echo $! >"$dir/pids"
  uuid=$(uuidgen)
  id=""
  for _ in $(seq 1 60); do
    id=$(timeout 10 ceph -c "$conf" osd new "$uuid" 2>/dev/null) && break
    sleep 0.5
  done
  [ -n "$id" ] || fail "the monitor did not come up"
  mkdir -p "$dir/osd/ceph-$id"
  timeout 10 ceph -c "$conf" osd crush add "osd.$id" 1.0 root=default >/dev/null 2>&1 || fail "osd crush add osd.$id failed"
  ceph-osd -c "$conf" -i "$id" --mkfs --osd-uuid "$uuid" >"$dir/log/osd-mkfs.out" 2>&1 || fail "ceph-osd --mkfs failed"
  ceph-osd -c "$conf" -i "$id" -f >"$dir/log/osd.out" 2>&1 &
  echo $! >>"$dir/pids"
  for _ in $(seq 1 120); do
    timeout 10 ceph -c "$conf" osd stat 2>/dev/null | grep -q "1 up" && break
    sleep 0.5
  done
  timeout 10 ceph -c "$conf" osd stat 2>/dev/null | grep -q "1 up" || fail "the OSD did not come up"
  radosgw -c "$conf" -n client.rgw.a -f >"$dir/log/rgw.out" 2>&1 &
  echo $! >>"$dir/pids"
  for _ in $(seq 1 120); do
    curl -s -o /dev/null "http://127.0.0.1:$port/" && break
    sleep 0.5
  done
  curl -s -o /dev/null "http://127.0.0.1:$port/" || fail "radosgw did not answer on $port"
  access="INGESTSCALETEST$(uuidgen | tr -d - | head -c 8 | tr a-f A-F)"
  secret="$(uuidgen | tr -d -)$(uuidgen | tr -d - | head -c 8)"
  radosgw-admin -c "$conf" user create --uid=bench --display-name=bench --access-key="$access" --secret-key="$secret" >/dev/null
  printf 'CEPH_RGW_ENDPOINT=http://127.0.0.1:%s\nCEPH_RGW_ACCESS_KEY=%s\nCEPH_RGW_SECRET_KEY=%s\n' "$port" "$access" "$secret" >"$dir/env"
  echo "ceph: radosgw ready on http://127.0.0.1:$port ($(ceph --version | cut -d' ' -f3))"
  ;;
stop)
  dir=${2:?usage: stop DIR}
  if [ -f "$dir/pids" ]; then
    # radosgw, then the OSD (it takes a few seconds), then the monitor
    tac "$dir/pids" | while read -r pid; do
      kill "$pid" 2>/dev/null || continue
      for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
      kill -9 "$pid" 2>/dev/null || true
    done
  fi
  rm -rf "$dir"
  ;;
*)
  echo "usage: $0 install | start DIR PORT | stop DIR" >&2
  exit 2
  ;;
esac
