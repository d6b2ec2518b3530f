-- listWebsites pages an account's websites newest first (updated_at desc, id): an index in exactly that order lets
-- the page read its 50 rows instead of every website of the account and sorting them (issue 18, bench/reads). It
-- carries status too, so that websiteLimits' count of the owner's live websites reads the index only. It replaces
-- (owner_id, updated_at), whose leading column it keeps for the other lookups by owner.
create index qs_website_owner_recent on qs_website (owner_id, updated_at desc, id, status);
drop index qs_website_owner;
