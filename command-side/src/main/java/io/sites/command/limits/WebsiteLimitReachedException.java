package io.sites.command.limits;

/** A create refused because the account already owns the most websites it may. */
public class WebsiteLimitReachedException extends RuntimeException {
    public WebsiteLimitReachedException(int owned, int max) {
        super("You own " + owned + " websites, the most an account may have (" + max + "). Publish a new version of "
                + "an existing website instead; nothing was published.");
    }
}
