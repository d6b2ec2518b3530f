package io.sites.app.web;

import io.sites.bundle.DecodedContent;
import java.util.Map;

/**
 * A createWebsite or createWebsiteVersion body as {@link PublishBodyConverter} binds it: the request, and the inline
 * contents already decoded while a large body was read, by index in its files (empty for every other body).
 *
 * @param <T> PublishWebsiteRequest or PublishVersionRequest
 */
record PublishBody<T>(T request, Map<Integer, DecodedContent> decoded) {
}
