package io.sites.app.web;

import io.sites.app.usecases.ReadOperations;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** suggestSlug: an application service on the command side, which owns the slug claims (see SlugSuggestions). */
@RestController
class SlugsController {
    private final ReadOperations operations;
    private final ApiBodies bodies;

    SlugsController(ReadOperations operations, ApiBodies bodies) {
        this.operations = operations;
        this.bodies = bodies;
    }

    @GetMapping(path = "/v1/slugs/suggest", produces = "application/json")
    Map<String, Object> suggestSlug(@RequestParam String value) {
        return bodies.slug(operations.suggestSlug(value));
    }
}
