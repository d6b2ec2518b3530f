package io.sites.app.web;

import io.sites.api.json.PublishVersionRequest;
import io.sites.api.json.PublishWebsiteRequest;
import io.sites.bundle.DecodedContent;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.HttpOutputMessage;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.http.converter.json.JacksonJsonHttpMessageConverter;
import org.springframework.stereotype.Component;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads createWebsite and createWebsiteVersion bodies: a large one that {@link BodyAdmission} spooled through
 * {@link InlineContents} (its contents decoded while read, handed to the controller beside the request), any other
 * exactly as every JSON body is read.
 */
@Component
class PublishBodyConverter implements HttpMessageConverter<Object> {
    private static final String DECODED = PublishBodyConverter.class.getName() + ".decoded";

    private final JacksonJsonHttpMessageConverter json;
    private final InlineContents contents;

    PublishBodyConverter(JsonMapper mapper, InlineContents contents) {
        this.json = new JacksonJsonHttpMessageConverter(mapper);
        this.contents = contents;
    }

    /** The contents decoded while the request's body was read, by index in its files; empty for small bodies. */
    static Map<Integer, DecodedContent> decoded(HttpServletRequest request) {
        @SuppressWarnings("unchecked")
        Map<Integer, DecodedContent> decoded = (Map<Integer, DecodedContent>) request.getAttribute(DECODED);
        return decoded == null ? Map.of() : decoded;
    }

    @Override
    public boolean canRead(Class<?> type, MediaType mediaType) {
        return (type == PublishWebsiteRequest.class || type == PublishVersionRequest.class)
                && json.canRead(type, mediaType);
    }

    @Override
    public boolean canWrite(Class<?> type, MediaType mediaType) {
        return false;
    }

    @Override
    public List<MediaType> getSupportedMediaTypes() {
        return json.getSupportedMediaTypes();
    }

    @Override
    public Object read(Class<?> type, HttpInputMessage input) throws IOException {
        // The message Spring hands over wraps the servlet request, so it is taken from the request's thread.
        HttpServletRequest request = RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes
                servlet ? servlet.getRequest() : null;
        SpooledBody spooled = request == null ? null : BodyAdmission.spooled(request);
        if (spooled == null) {
            return json.read(type, input);
        }
        try {
            InlineContents.Read<?> read = contents.read(spooled, type);
            request.setAttribute(DECODED, read.decoded());
            return read.request();
        } catch (JacksonException malformed) {
            throw new HttpMessageNotReadableException("JSON parse error: " + malformed.getOriginalMessage(),
                    malformed, input);
        } catch (IOException failed) {
            // Reading our own spooled file: a fault of ours, not a malformed body.
            throw new UncheckedIOException("Could not read the spooled request body", failed);
        }
    }

    @Override
    public void write(Object value, MediaType contentType, HttpOutputMessage output) {
        throw new UnsupportedOperationException("PublishBodyConverter only reads");
    }
}
