-- The owner's settings (issue 36): retainVersions and expiresAt on the website, and versions pruned by retention,
-- which no read lists any more. The expiry sweep finds due websites by expires_at.
alter table qs_website add column retain_versions integer;
alter table qs_website add column expires_at timestamp;
alter table qs_version add column pruned_at timestamp;
create index qs_website_expires on qs_website (expires_at);
-- A rebuild may be under way (V2026_11_23_81 froze the model of an older database upgraded in one step, or an
-- operator's replay): its reads go to the qs_frozen_ copies, which must answer the same columns until it thaws.
alter table if exists qs_frozen_website add column if not exists retain_versions integer;
alter table if exists qs_frozen_website add column if not exists expires_at timestamp;
alter table if exists qs_frozen_version add column if not exists pruned_at timestamp;
