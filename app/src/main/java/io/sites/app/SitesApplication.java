package io.sites.app;

import java.util.Arrays;
import java.util.stream.Stream;
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
        // An operator command that runs once must not take the port of the replica already serving: it gets a
        // free one (the servlet stack stays, since security and the site filter are built on it).
        if (args.length > 0 && "collaborator".equals(args[0])) {
            args = Stream.concat(Arrays.stream(args), Stream.of("--server.port=0")).toArray(String[]::new);
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
