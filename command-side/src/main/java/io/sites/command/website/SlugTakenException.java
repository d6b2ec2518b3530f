package io.sites.command.website;

/** The slug is held by another website (or was released too recently to be claimed again). */
public class SlugTakenException extends RuntimeException {
    private final String slug;

    public SlugTakenException(String slug) {
        super("The slug '" + slug + "' is already taken.");
        this.slug = slug;
    }

    public String slug() {
        return slug;
    }
}
