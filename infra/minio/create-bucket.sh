#!/bin/sh
# Creates the object-storage bucket the apps use. Run by the one-shot `minio-init` compose service
# (image minio/mc) after minio is healthy; safe to run any number of times.
# Reads the same variables as the apps (libs/platform/src/config/config.schema.ts), so the bucket
# created is the bucket they open.
set -eu

endpoint="${MINIO_ENDPOINT:-minio}"
port="${MINIO_PORT:-9000}"
bucket="${MINIO_BUCKET:-curbside}"
access_key="${MINIO_ACCESS_KEY:?MINIO_ACCESS_KEY is required}"
secret_key="${MINIO_SECRET_KEY:?MINIO_SECRET_KEY is required}"
case "${MINIO_USE_SSL:-false}" in
  true | 1) scheme=https ;;
  *) scheme=http ;;
esac
url="${scheme}://${endpoint}:${port}"

# The healthcheck says the server is up, but it may still refuse credentials for a moment while it
# finishes starting: retry rather than fail the whole stack on the first try.
tries=0
until mc alias set curbside "$url" "$access_key" "$secret_key" >/dev/null; do
  tries=$((tries + 1))
  if [ "$tries" -ge 30 ]; then
    echo "minio-init: cannot reach MinIO at $url" >&2
    exit 1
  fi
  sleep 2
done

mc mb --ignore-existing "curbside/$bucket"
# Photos are served through the gateway (own origin, access checks), never straight from MinIO.
mc anonymous set none "curbside/$bucket"
echo "minio-init: bucket '$bucket' ready at $url"
