package io.sites.app.web;

import io.sites.api.id.Actor;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** getMe, an extension: who the calling token belongs to ({@code sites whoami}); over {@link ApiOperations#getMe}. */
@RestController
class MeController {
    private final ApiOperations operations;

    MeController(ApiOperations operations) {
        this.operations = operations;
    }

    @GetMapping(path = "/v1/me", produces = "application/json")
    Map<String, Object> getMe(Actor caller) {
        return operations.getMe(caller);
    }
}
