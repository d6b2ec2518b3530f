package io.sites.app.webapp;

import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/** Any other address under /app is the web application's 404 page, not the interface's JSON. */
@Controller
class UnknownPages {

    @GetMapping("/app/**")
    String unknown() {
        throw new PageNotFoundException("There is no page at this address.");
    }
}
