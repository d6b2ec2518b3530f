package io.sites.app.webapp;

import io.sites.bundle.BundleLimits;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;

/** Every page that publishes says the per-file limit ({@code fileLimit}, "50 MB") as the settings have it. */
@ControllerAdvice(basePackageClasses = PublishLimitsOnPages.class)
class PublishLimitsOnPages {
    private final BundleLimits limits;

    PublishLimitsOnPages(BundleLimits limits) {
        this.limits = limits;
    }

    @ModelAttribute("fileLimit")
    String fileLimit() {
        return limits.fileSize();
    }
}
