package io.sites.replica.purge;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletionException;

/** What the purgers make of an answer: any 2xx is done, anything else is the cache's refusal. */
final class Responses {
    private Responses() {
    }

    static Void accepted(HttpResponse<String> response, String what) {
        if (response.statusCode() / 100 != 2) {
            String body = response.body() == null ? "" : response.body();
            throw new CompletionException(new IOException(what + " answered " + response.statusCode() + ": "
                    + body.substring(0, Math.min(200, body.length()))));
        }
        return null;
    }
}
