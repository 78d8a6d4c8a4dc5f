#!/bin/sh
# Prepares MinIO for the apps. Run by the one-shot `minio-init` compose service (image minio/mc) after minio
# is healthy; safe to run any number of times (every step creates or updates).
#
#   1. the bucket MINIO_BUCKET, anonymous access off;
#   2. the policy `curbside-objects` (app-policy.json, with the bucket's name filled in): list that one bucket and
#      read, write and delete its objects, nothing else (no other bucket, no admin calls);
#   3. the user MINIO_ACCESS_KEY / MINIO_SECRET_KEY with only that policy: the credentials the apps get.
#
# Signs in as the server's root user (MINIO_ROOT_USER / MINIO_ROOT_PASSWORD), which only this script knows;
# the apps never get it. The other variables are the apps' own (libs/platform/src/config/config.schema.ts), so the
# bucket and user made here are the ones they open.
set -eu

endpoint="${MINIO_ENDPOINT:-minio}"
port="${MINIO_PORT:-9000}"
bucket="${MINIO_BUCKET:-curbside}"
root_user="${MINIO_ROOT_USER:?MINIO_ROOT_USER is required}"
root_password="${MINIO_ROOT_PASSWORD:?MINIO_ROOT_PASSWORD is required}"
app_user="${MINIO_ACCESS_KEY:?MINIO_ACCESS_KEY (the apps user) is required}"
app_secret="${MINIO_SECRET_KEY:?MINIO_SECRET_KEY (the apps user) is required}"
policy_template="${MINIO_APP_POLICY:-/infra/app-policy.json}"
policy=curbside-objects
case "${MINIO_USE_SSL:-false}" in
  true | 1) scheme=https ;;
  *) scheme=http ;;
esac
url="${scheme}://${endpoint}:${port}"

if [ "$app_user" = "$root_user" ]; then
  echo "minio-init: MINIO_APP_ACCESS_KEY must differ from MINIO_ROOT_USER: the apps get a user of their own" >&2
  exit 1
fi
# MinIO refuses shorter secret keys; say so here rather than through mc's error.
if [ "${#app_secret}" -lt 8 ]; then
  echo "minio-init: MINIO_APP_SECRET_KEY needs 8 or more characters" >&2
  exit 1
fi

# The healthcheck says the server is up, but it may still refuse credentials for a moment while it
# finishes starting: retry rather than fail the whole stack on the first try.
tries=0
until mc alias set curbside "$url" "$root_user" "$root_password" >/dev/null; do
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

# `policy create` replaces a policy of the same name, so a changed template or bucket takes effect on the next run.
# The mc image has a shell and mc but no sed or grep: the bucket's name is filled in with shell expansions alone.
policy_file="/tmp/$policy.json"
while IFS= read -r line || [ -n "$line" ]; do
  filled=""
  while :; do
    case "$line" in
      *@BUCKET@*)
        filled="$filled${line%%@BUCKET@*}$bucket"
        line="${line#*@BUCKET@}"
        ;;
      *)
        filled="$filled$line"
        break
        ;;
    esac
  done
  printf '%s\n' "$filled"
done <"$policy_template" >"$policy_file"
mc admin policy create curbside "$policy" "$policy_file" >/dev/null
rm -f "$policy_file"

# `user add` on an existing user sets its secret: a changed MINIO_APP_SECRET_KEY takes effect here too.
mc admin user add curbside "$app_user" "$app_secret" >/dev/null
# Attaching a policy the user already has is an error for mc ("already in effect"): that one is success here.
if ! attach_output="$(mc admin policy attach curbside "$policy" --user "$app_user" 2>&1)"; then
  case "$attach_output" in
    *"already in effect"*) ;;
    *)
      echo "$attach_output" >&2
      exit 1
      ;;
  esac
fi
echo "minio-init: bucket '$bucket' ready at $url; user '$app_user' may use only that bucket (policy $policy)"
