/**
 * Webhooks (issue 37, items 1 to 3): registrations per website and per account ({@link WebhookOperations}, the one
 * service every door uses), the outbox a tracking processor fills from the event store in the transaction of its
 * token ({@link WebhookOutbox}), and the sender that posts each delivery in order, at least once, signed the
 * Standard Webhooks way, from one replica at a time through a lease ({@link WebhookSender}). Where a delivery is
 * recorded and why it is never lost or doubled: docs/ARCHITECTURE.md, "Webhooks".
 */
package io.sites.app.webhooks;
