package io.sites.api.query;

import java.util.List;

/** Answer to {@link ListWebsites}: the page of websites and how many (not deleted) the caller owns in all. */
public record WebsiteListView(List<WebsiteSummaryView> items, int owned) {
    public WebsiteListView {
        items = List.copyOf(items);
    }
}
