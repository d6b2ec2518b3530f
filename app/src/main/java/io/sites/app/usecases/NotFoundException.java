package io.sites.app.usecases;

/** A website, version or job the caller cannot see: answered 404, exactly as for one that does not exist. */
public class NotFoundException extends RuntimeException {
    public NotFoundException(String message) {
        super(message);
    }
}
