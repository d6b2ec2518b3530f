package io.sites.api;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The status of a publish job and of the version it made, as the spec names them. Publishes here are synchronous,
 * so the read model records every version as {@link #READY}; the others are the spec's, for clients that poll.
 */
public enum JobStatus {
    PENDING, CLAIMED, GENERATING, READY, RETRY, DEAD;

    /** Nothing more will happen to the job, so its status page stops waiting. */
    public boolean finished() {
        return this == READY || this == DEAD;
    }

    @JsonValue
    public String wire() {
        return Spelling.of(this);
    }

    /** The status spelled so; null when there is none. */
    public static JobStatus fromWire(String value) {
        return Spelling.parse(JobStatus.class, value);
    }
}
