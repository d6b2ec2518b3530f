package io.sites.command.remote;

/** A PUT to a putUrl (or a declared size) the service will not take; the adapter maps the reason to a status. */
public class UploadRefusedException extends RuntimeException {

    /** Why; each has its own status and code in the API (see docs/DECISIONS.md). */
    public enum Reason {
        /** No slot has this putUrl. */
        UNKNOWN,
        /** The slot's hour is over. */
        EXPIRED,
        /** A publish already used the slot. */
        USED,
        /** The PUT's Content-Type is not the slot's. */
        CONTENT_TYPE,
        /** Above the declared size or the per-file limit. */
        TOO_LARGE,
        /** Fewer bytes arrived than the slot declared. */
        SIZE_MISMATCH
    }

    private final Reason reason;

    public UploadRefusedException(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
