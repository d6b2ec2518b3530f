package io.sites.app.web;

import io.sites.app.usecases.FailureCodes;
import org.springframework.stereotype.Component;

/** The codes the publish timer tags refused publishes with: those ApiErrors answers, so metric and answer agree. */
@Component
class ApiFailureCodes implements FailureCodes {
    @Override
    public String code(Throwable failure) {
        return ApiErrors.code(failure);
    }
}
