package io.sites.app.webapp;

import io.sites.api.query.VersionView;
import io.sites.api.query.WebsiteView;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.springframework.web.util.UriUtils;

/**
 * What the dashboard shows of a site without rendering it: its last publish and a small image the live site itself
 * serves (its favicon, else its first image), loaded by the visitor's browser. No server-side browser, no copy.
 */
final class SitePreview {
    private static final List<String> ICONS = List.of("favicon.svg", "favicon.png", "favicon.ico",
            "apple-touch-icon.png");
    private static final List<String> IMAGES = List.of(".png", ".jpg", ".jpeg", ".webp", ".gif", ".svg", ".avif");

    private SitePreview() {
    }

    static Optional<Instant> lastPublished(WebsiteView website) {
        return website.versions().stream().map(VersionView::createdAt).max(Comparator.naturalOrder());
    }

    /**
     * The address of the live version's icon or first image (shallowest path first), or empty: nothing live, no
     * image, or a site password (the browser would be asked for it on the dashboard).
     */
    static Optional<String> image(WebsiteView website, String pageUrl) {
        if (pageUrl == null || website.passwordProtected()) {
            return Optional.empty();
        }
        return website.versions().stream().filter(VersionView::current).findFirst().flatMap(live -> {
            List<String> paths = live.files().stream().map(VersionView.VersionFileView::path).toList();
            Optional<String> icon = ICONS.stream().filter(paths::contains).findFirst();
            return icon.or(() -> paths.stream().filter(SitePreview::isImage)
                    .min(Comparator.comparingLong((String p) -> p.chars().filter(c -> c == '/').count())
                            .thenComparing(Comparator.naturalOrder())));
        }).map(path -> pageUrl + UriUtils.encodePath(path, StandardCharsets.UTF_8));
    }

    private static boolean isImage(String path) {
        String lower = path.toLowerCase(Locale.ROOT);
        return IMAGES.stream().anyMatch(lower::endsWith);
    }
}
