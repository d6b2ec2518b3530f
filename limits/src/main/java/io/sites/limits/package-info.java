/**
 * The one rate window every limit of the service counts in (RateWindows, the table; RateWindow, one kind's window
 * length and budget): publishes and fetches per account, sign-ups and client registrations per address, sign-in
 * failures per username and address, site password failures per site and address. It knows no other module and
 * needs only Spring JDBC, so the command side, the web application and the site server may all use it.
 */
package io.sites.limits;
