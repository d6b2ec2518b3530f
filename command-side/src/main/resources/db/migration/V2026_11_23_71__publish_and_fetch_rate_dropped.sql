-- Publishes a minute and fetches an hour now count in rate_window (the limits module, V2026_11_23_70), kinds
-- 'publish' and 'fetch'. The counts of the window running at the upgrade are lost: at most one extra window's budget.
drop table publish_rate;
drop table fetch_rate;
