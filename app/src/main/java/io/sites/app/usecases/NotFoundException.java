package io.sites.app.web;

/** A website or job the caller cannot see: answered 404, exactly as for one that does not exist. */
class NotFoundException extends RuntimeException {
    NotFoundException(String message) {
        super(message);
    }
}
