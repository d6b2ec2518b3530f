package io.sites.command.limits;

/** A publish refused because the account would go over a quota; {@code quota} names it ({@code storage}). */
public class QuotaExceededException extends RuntimeException {
    private final String quota;

    public QuotaExceededException(String quota, String message) {
        super(message);
        this.quota = quota;
    }

    public String quota() {
        return quota;
    }
}
