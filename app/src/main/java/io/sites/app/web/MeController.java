package io.sites.app.web;

import io.sites.api.id.Actor;
import io.sites.app.usecases.ReadOperations;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** getMe, an extension: who the calling token belongs to ({@code sites whoami}); over {@link ReadOperations#getMe}. */
@RestController
class MeController {
    private final ReadOperations operations;
    private final ApiBodies bodies;

    MeController(ReadOperations operations, ApiBodies bodies) {
        this.operations = operations;
        this.bodies = bodies;
    }

    @GetMapping(path = "/v1/me", produces = "application/json")
    Map<String, Object> getMe(Actor caller) {
        return bodies.me(operations.getMe(caller));
    }
}
