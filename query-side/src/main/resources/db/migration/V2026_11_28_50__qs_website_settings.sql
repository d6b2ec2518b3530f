-- The owner's settings (issue 36): retainVersions and expiresAt on the website, and versions pruned by retention,
-- which no read lists any more. The expiry sweep finds due websites by expires_at.
alter table qs_website add column retain_versions integer;
alter table qs_website add column expires_at timestamp;
alter table qs_version add column pruned_at timestamp;
create index qs_website_expires on qs_website (expires_at);
