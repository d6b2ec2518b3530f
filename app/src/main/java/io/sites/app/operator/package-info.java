/** What operators run as arguments of the jar (collaborators, the read model's replay). Nothing uses it. */
package io.sites.app.operator;
