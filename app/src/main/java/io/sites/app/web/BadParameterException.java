package io.sites.app.web;

/** A query parameter with a value the operation does not take: 400 BAD_REQUEST, like a parameter of the wrong type. */
class BadParameterException extends RuntimeException {
    BadParameterException(String message) {
        super(message);
    }

    /** {@code dryRun}: absent is false; only the words true and false are taken, so a typo never publishes. */
    static boolean dryRun(String value) {
        if (value == null || value.equals("false")) {
            return false;
        }
        if (value.equals("true")) {
            return true;
        }
        throw new BadParameterException("The parameter 'dryRun' must be true or false.");
    }
}
