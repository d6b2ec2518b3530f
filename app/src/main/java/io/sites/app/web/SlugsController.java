package io.sites.app.web;

import io.sites.app.SiteUrls;
import io.sites.command.publish.RequestInvalidException;
import io.sites.command.website.SlugSuggestions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** suggestSlug: an application service on the command side, which owns the slug claims (see SlugSuggestions). */
@RestController
class SlugsController {
    static final int VALUE_MAX = 120;

    private final SlugSuggestions suggestions;
    private final SiteUrls urls;

    SlugsController(SlugSuggestions suggestions, SiteUrls urls) {
        this.suggestions = suggestions;
        this.urls = urls;
    }

    @GetMapping(path = "/v1/slugs/suggest", produces = "application/json")
    Map<String, Object> suggestSlug(@RequestParam String value) {
        int length = value.codePointCount(0, value.length());
        if (length < 1 || length > VALUE_MAX) {
            throw new RequestInvalidException(Map.of("value", "1 to " + VALUE_MAX + " characters; this one has "
                    + length + "."), List.of());
        }
        SlugSuggestions.Suggestion suggestion = suggestions.suggest(value);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("slug", suggestion.slug());
        body.put("valid", suggestion.valid());
        body.put("available", suggestion.available());
        body.put("suggestion", suggestion.suggestion());
        suggestion.message().ifPresent(message -> body.put("message", message));
        body.put("pageUrl", urls.page(suggestion.suggestion()));
        return body;
    }
}
