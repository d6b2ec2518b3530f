-- The expiry warning (issue 36, item 2): the expiresAt the owner was last warned of (or an unclaimed draft's own,
-- which nobody is warned of), so the sweep asks only about websites not warned of their current expiresAt.
alter table qs_website add column expiry_warned timestamp;
-- A rebuild may be under way: its reads go to the qs_frozen_ copy, which must answer the same columns until it thaws.
alter table if exists qs_frozen_website add column if not exists expiry_warned timestamp;
