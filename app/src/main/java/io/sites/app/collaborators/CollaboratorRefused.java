package io.sites.app.collaborators;

/** A username that cannot be an editor of the website; the message says why, for the person who asked. */
public class CollaboratorRefused extends RuntimeException {
    CollaboratorRefused(String message) {
        super(message, null, false, false);
    }
}
