package io.sites.app.webapp;

/** Nothing the signed-in person may see is here: the web application's 404 page. */
class PageNotFoundException extends RuntimeException {
    PageNotFoundException(String message) {
        super(message);
    }
}
