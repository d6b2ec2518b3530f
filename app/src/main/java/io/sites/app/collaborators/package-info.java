/**
 * A website's editors, added and removed by username: the one service that the web application's settings and the
 * operator commands both call, so both follow one rule.
 */
package io.sites.app.collaborators;
