// An HTTP client for the S3 SDK that hands a closed connection to the SDK's retries, whichever request met it.
package io.sites.blob;

import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.utils.AttributeMap;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The SDK's url-connection client reports a connection the server had already closed ("Unexpected end of file from
 * server": a pooled connection dropped by the server) as an UncheckedIOException, which the SDK neither wraps nor
 * retries, so it reached our callers raw: a HEAD before a write, a GET, a list. Unwrapped here to the IOException it
 * carries, it becomes an ordinary retryable client error and the SDK's own retry strategy sends the request again on a
 * new connection. Every request this store makes may be sent again: reads, deletes and lists are idempotent, and a
 * PUT's key is its content's address (a snapshot's key names its position) with a body that can be read again.
 */
final class ClosedConnectionRetry implements SdkHttpClient {
    private final SdkHttpClient client;

    private ClosedConnectionRetry(SdkHttpClient client) {
        this.client = client;
    }

    /** Builds the given client inside; the SDK owns and closes what this builds. */
    static Builder around(SdkHttpClient.Builder<?> builder) {
        return new Builder(builder);
    }

    @Override
    public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
        ExecutableHttpRequest prepared = client.prepareRequest(request);
        return new ExecutableHttpRequest() {
            @Override
            public HttpExecuteResponse call() throws IOException {
                try {
                    return prepared.call();
                } catch (UncheckedIOException closed) {
                    throw closed.getCause();
                }
            }

            @Override
            public void abort() {
                prepared.abort();
            }
        };
    }

    @Override
    public String clientName() {
        return client.clientName();
    }

    @Override
    public void close() {
        client.close();
    }

    static final class Builder implements SdkHttpClient.Builder<Builder> {
        private final SdkHttpClient.Builder<?> builder;

        private Builder(SdkHttpClient.Builder<?> builder) {
            this.builder = builder;
        }

        @Override
        public SdkHttpClient buildWithDefaults(AttributeMap serviceDefaults) {
            return new ClosedConnectionRetry(builder.buildWithDefaults(serviceDefaults));
        }
    }
}
