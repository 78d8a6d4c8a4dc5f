-- Runs once, when the postgres container starts on an empty data volume, as POSTGRES_USER connected
-- to POSTGRES_DB (curbside). Changing this file later has no effect on an existing volume: drop the
-- volume (`docker compose down -v`) or apply the change by hand.
--
-- Extensions live in public so every service finds them whatever its own search_path puts first
-- (services should use `<schema>, public`). They are all "trusted", so migrations may also run
-- CREATE EXTENSION IF NOT EXISTS without superuser rights; creating them here keeps the first start
-- of six services from racing on the same CREATE EXTENSION.
CREATE EXTENSION IF NOT EXISTS cube WITH SCHEMA public;
-- earthdistance is built on cube, so it must come after it.
CREATE EXTENSION IF NOT EXISTS earthdistance WITH SCHEMA public;
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE EXTENSION IF NOT EXISTS pgcrypto WITH SCHEMA public;

-- One schema per service, named after the service with '-' replaced by '_'. A service owns its
-- schema and its migrations; no service reads another's tables.
CREATE SCHEMA IF NOT EXISTS items;
CREATE SCHEMA IF NOT EXISTS users;
CREATE SCHEMA IF NOT EXISTS notifications;
CREATE SCHEMA IF NOT EXISTS rewards;
CREATE SCHEMA IF NOT EXISTS photo_validation;
CREATE SCHEMA IF NOT EXISTS emergency;
