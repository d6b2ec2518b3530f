package io.sites.app.webapp;

import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/** The signed-in person's websites. */
@Controller
class DashboardController {

    @GetMapping("/app/websites")
    String websites() {
        return "websites";
    }
}
