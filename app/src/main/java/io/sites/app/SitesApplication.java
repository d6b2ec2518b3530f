package io.sites.app;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** One deployable; every module's components are found under io.sites. */
@SpringBootApplication(scanBasePackages = "io.sites")
public class SitesApplication {

    public static void main(String[] args) {
        SpringApplication.run(SitesApplication.class, args);
    }
}
