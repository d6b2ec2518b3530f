package io.sites.app;

import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/**
 * One deployable; which modules' components a replica runs is decided by its roles (sites.roles), in the package
 * io.sites.app.roles, the only one scanned from here.
 */
@SpringBootApplication(scanBasePackages = "io.sites.app.roles")
@Import({SitesConfiguration.class, SiteUrls.class})
public class SitesApplication {

    public static void main(String[] args) {
        // AxonIQ Console's advertisement (a dozen lines at each start) reads this property only.
        if (System.getProperty("disable-axoniq-console-message") == null) {
            System.setProperty("disable-axoniq-console-message", "true");
        }
        SpringApplication application = new SpringApplication(SitesApplication.class);
        // JSON logs (SITES_LOG_FORMAT, bound to logging.structured.format.console): every line of output is one
        // JSON object, so the banner, which is not, stays out.
        if (!System.getenv().getOrDefault("SITES_LOG_FORMAT", "").isBlank()) {
            application.setBannerMode(Banner.Mode.OFF);
        }
        application.run(args);
    }
}
