/**
 * The one catalogue of codes: every error of the API's envelope with its HTTP status, every violation that refuses
 * a bundle and every warning that accompanies an accepted one, each with what it means for the client.
 */
package io.sites.api.code;
