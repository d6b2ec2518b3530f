package io.sites.app.web;

import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** suggestSlug: an application service on the command side, which owns the slug claims (see SlugSuggestions). */
@RestController
class SlugsController {
    private final ApiOperations operations;

    SlugsController(ApiOperations operations) {
        this.operations = operations;
    }

    @GetMapping(path = "/v1/slugs/suggest", produces = "application/json")
    Map<String, Object> suggestSlug(@RequestParam String value) {
        return operations.suggestSlug(value);
    }
}
