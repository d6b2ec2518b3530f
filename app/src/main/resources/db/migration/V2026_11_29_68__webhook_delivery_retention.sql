-- Retention of webhook deliveries (docs/DECISIONS.md, "Webhook deliveries are kept 30 days"): delivered and
-- given-up rows are deleted some time after done_at, so each attempt of a hook's log keeps its delivery's type itself
-- (the log must read the same once the delivery is gone), and done_at is indexed for the deleting.
alter table webhook_attempt add column type varchar(64);
update webhook_attempt set type = (select d.type from webhook_delivery d where d.id = webhook_attempt.delivery_id);
create index webhook_delivery_done on webhook_delivery (done_at);
