/** Queries the read side answers, each with the caller it answers for, and the views it answers with. */
package io.sites.api.query;
