package io.sites.cli;

import tools.jackson.databind.JsonNode;

/**
 * Why a command stopped: the exit code, one line for people, and, when the service answered with its error envelope,
 * that envelope (printed as is under {@code --json}, and its violations one per line otherwise).
 */
final class Failure extends RuntimeException {
    final Exit exit;
    final transient JsonNode error;

    Failure(Exit exit, String message) {
        this(exit, message, null);
    }

    Failure(Exit exit, String message, JsonNode error) {
        super(message, null, false, false);
        this.exit = exit;
        this.error = error;
    }
}
