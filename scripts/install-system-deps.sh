#!/usr/bin/env bash
# Debian packages the test suite needs, installed only when missing: nginx, Apache 2.4 (mod_dav_fs) and
# rclone (WebDAV stores for the http-put backend), wrk (the WebDAV benchmark's reference client, beside
# nginx and Apache), Chromium (the HTML report's browser test), Ceph (monitor, OSD, radosgw: the s3
# backend's real signing peer) and python3-scipy (the independent reference values of the gate's
# statistics, scripts/reference-values.py) and the aws CLI (the Kubernetes manifests' upload and download
# scripts, run as the pods would against s3rver).
# Needs root, as CI and the development machines have. One `apt-get update` before installing.
set -euo pipefail

need=()
command -v chromium >/dev/null || need+=(chromium fonts-dejavu-core)
command -v openssl >/dev/null || need+=(openssl)
command -v ceph-mon >/dev/null || need+=(ceph-mon)
command -v ceph-osd >/dev/null || need+=(ceph-osd)
command -v radosgw >/dev/null || need+=(radosgw)
command -v uuidgen >/dev/null || need+=(uuid-runtime)
command -v curl >/dev/null || need+=(curl)
command -v nginx >/dev/null || need+=(nginx-light)
[ -x /usr/sbin/apache2 ] || need+=(apache2)
command -v rclone >/dev/null || need+=(rclone)
command -v wrk >/dev/null || need+=(wrk)
command -v aws >/dev/null || need+=(awscli)
/usr/bin/python3 -c 'import scipy' 2>/dev/null || need+=(python3-scipy)

if [ ${#need[@]} -eq 0 ]; then
  echo "system deps: all present"
  exit 0
fi
echo "system deps: installing ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
echo "system deps: done"
