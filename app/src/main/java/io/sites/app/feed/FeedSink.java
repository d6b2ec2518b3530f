package io.sites.app.feed;

import java.io.IOException;

/** Where one stream's events go: the REST adapter writes them as Server-Sent Events. */
public interface FeedSink {
    /** One event: its cursor and its JSON; {@code json} null sends the cursor alone (the resume point). */
    void send(String id, String json) throws IOException;

    /** A comment line, which clients ignore and proxies take as traffic. */
    void comment(String text) throws IOException;

    /** Ends the response; the stream sends nothing more. */
    void close();
}
