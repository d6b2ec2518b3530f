package io.sites.app;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** One deployable; every module's components are found under io.sites. */
@SpringBootApplication(scanBasePackages = "io.sites")
public class SitesApplication {

    public static void main(String[] args) {
        SpringApplication application = new SpringApplication(SitesApplication.class);
        // An operator command that runs once must not take the port of the replica already serving.
        if (args.length > 0 && "collaborator".equals(args[0])) {
            application.setWebApplicationType(WebApplicationType.NONE);
        }
        application.run(args);
    }
}
