package io.sites.app.usecases;

/**
 * The error code a failure is answered with (VALIDATION_FAILED, SLUG_TAKEN, INTERNAL, ...), as the adapters' one
 * mapping decides it (web's ApiErrors); the publish timer tags each refused publish with it.
 */
@FunctionalInterface
public interface FailureCodes {
    String code(Throwable failure);
}
