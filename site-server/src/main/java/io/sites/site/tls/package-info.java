/**
 * HTTPS for sites (issue 34, items 4-5): the certificates every replica serves, chosen by SNI from memory
 * (SiteCertificates, which the transport's TLS listener asks and which tells serving which custom hosts move to HTTPS
 * and what an ACME challenge is answered with), the rows they live in (CertificateRows, private keys sealed by
 * SealedKeys), and their ordering from an ACME CA (AcmeOrders, one replica per hostname at a time through a lease).
 * Its API: SiteCertificates for the transport, DomainCertificates for app's domain listings, SealedKeys for app's
 * webhooks (their signing secrets are sealed under the same key).
 */
package io.sites.site.tls;
