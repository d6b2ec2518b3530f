package io.sites.app.web;

import io.sites.app.Http;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;

/**
 * A Server-Sent Events client over real HTTP, as an agent would write one: reads {@code id:} and {@code data:}
 * lines, keeps the last id (also of an id-only message, as EventSource does) and ignores comments.
 */
public final class EventStream implements AutoCloseable {
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    public record Event(String id, JsonNode data) {
    }

    private final HttpResponse<Stream<String>> response;
    private final BlockingQueue<Object> events = new LinkedBlockingQueue<>();
    private volatile String lastId;
    private volatile int comments;

    private EventStream(HttpResponse<Stream<String>> response) {
        this.response = response;
        Thread.ofVirtual().start(this::read);
    }

    /** Opens {@code /v1/events?query}; {@code lastEventId} null sends none. The status is the response's. */
    public static EventStream open(int port, String token, String query, String lastEventId) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v1/events"
                + (query.isEmpty() ? "" : "?" + query))).header("Accept", "text/event-stream")
                .header("Authorization", "Bearer " + token);
        if (lastEventId != null) {
            request.header("Last-Event-ID", lastEventId);
        }
        try {
            return new EventStream(CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofLines()));
        } catch (Exception failed) {
            throw new IllegalStateException(failed);
        }
    }

    public int status() {
        return response.statusCode();
    }

    public String header(String name) {
        return response.headers().firstValue(name).orElse(null);
    }

    /** The body of a refusal (a JSON envelope, one line). */
    public JsonNode error() throws InterruptedException {
        StringBuilder body = new StringBuilder();
        for (Object line = events.poll(60, TimeUnit.SECONDS); line != null && !"end of stream".equals(line);
                line = events.poll(60, TimeUnit.SECONDS)) {
            body.append(line).append('\n');
        }
        return Http.JSON.readTree(body.toString());
    }

    /** The next event, waiting for it (the bound only keeps a broken test from hanging). */
    public Event next() throws InterruptedException {
        Object next = events.poll(60, TimeUnit.SECONDS);
        if (!(next instanceof Event event)) {
            throw new AssertionError("No event came: " + next);
        }
        return event;
    }

    /** The next event if one comes within the time, else null (a stream that must stay quiet meanwhile). */
    public Event nextWithin(Duration within) throws InterruptedException {
        Object next = events.poll(within.toMillis(), TimeUnit.MILLISECONDS);
        if (next != null && !(next instanceof Event)) {
            throw new AssertionError("The stream ended: " + next);
        }
        return (Event) next;
    }

    /** Waits for the stream's first id (the resume point it sends before any event). */
    public String resumePoint() throws InterruptedException {
        for (int i = 0; i < 600 && lastId == null; i++) {
            Thread.sleep(100);
        }
        return lastId;
    }

    public String lastId() {
        return lastId;
    }

    public int comments() {
        return comments;
    }

    private void read() {
        String id = null;
        StringBuilder data = new StringBuilder();
        try (Stream<String> lines = response.body()) {
            for (String line : (Iterable<String>) lines::iterator) {
                if (response.statusCode() != 200) {
                    events.add(line);
                } else if (line.isEmpty()) {
                    if (id != null) {
                        lastId = id;
                    }
                    if (!data.isEmpty()) {
                        events.add(new Event(id, Http.JSON.readTree(data.toString())));
                    }
                    id = null;
                    data.setLength(0);
                } else if (line.startsWith(":")) {
                    comments++;
                } else if (line.startsWith("id:")) {
                    id = line.substring(3).strip();
                } else if (line.startsWith("data:")) {
                    data.append(line.substring(5).strip());
                }
            }
        } catch (RuntimeException closed) {
            // The test closed it.
        }
        events.add("end of stream");
    }

    @Override
    public void close() {
        response.body().close();
    }
}
