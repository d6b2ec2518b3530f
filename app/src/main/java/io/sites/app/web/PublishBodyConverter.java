package io.sites.app.web;

import io.sites.api.json.PublishDraftRequest;
import io.sites.api.json.PublishVersionRequest;
import io.sites.api.json.PublishWebsiteRequest;
import io.sites.api.json.UploadFilesRequest;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import org.springframework.core.ResolvableType;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.HttpOutputMessage;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.http.converter.SmartHttpMessageConverter;
import org.springframework.http.converter.json.JacksonJsonHttpMessageConverter;
import org.springframework.stereotype.Component;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Binds createWebsite and createWebsiteVersion bodies to a {@link PublishBody}, so the controller's signature names
 * all it receives: a large one that {@link BodyAdmission} spooled is read through {@link InlineContents} (its contents
 * decoded while read, into the PublishBody beside the request), any other exactly as every JSON body is read.
 */
@Component
class PublishBodyConverter implements SmartHttpMessageConverter<Object> {
    private final JacksonJsonHttpMessageConverter json;
    private final InlineContents contents;

    PublishBodyConverter(JsonMapper mapper, InlineContents contents) {
        this.json = new JacksonJsonHttpMessageConverter(mapper);
        this.contents = contents;
    }

    @Override
    public boolean canRead(ResolvableType type, MediaType mediaType) {
        Class<?> request = requestType(type);
        return request != null && json.canRead(request, mediaType);
    }

    /** PublishWebsiteRequest or PublishVersionRequest for a PublishBody of one; else null. */
    private static Class<?> requestType(ResolvableType type) {
        if (type.toClass() != PublishBody.class) {
            return null;
        }
        Class<?> request = type.getGeneric(0).toClass();
        return request == PublishWebsiteRequest.class || request == PublishVersionRequest.class
                || request == PublishDraftRequest.class || request == UploadFilesRequest.class ? request : null;
    }

    @Override
    public boolean canWrite(ResolvableType type, Class<?> valueClass, MediaType mediaType) {
        return false;
    }

    @Override
    public List<MediaType> getSupportedMediaTypes() {
        return json.getSupportedMediaTypes();
    }

    @Override
    public Object read(ResolvableType type, HttpInputMessage input, Map<String, Object> hints) throws IOException {
        Class<?> requestType = requestType(type);
        // The message Spring hands over wraps the servlet request, so it is taken from the request's thread.
        HttpServletRequest request = RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes
                servlet ? servlet.getRequest() : null;
        SpooledBody spooled = request == null ? null : BodyAdmission.decodeWhileRead(request);
        // A body that is JSON's null binds to nothing, so Spring answers it as a missing body (400), as it did
        // when the controller took the request itself.
        if (spooled == null) {
            Object body = json.read(requestType, input);
            return body == null ? null : new PublishBody<>(body, Map.of());
        }
        try {
            InlineContents.Read<?> read = contents.read(spooled, requestType);
            return read.request() == null ? null : new PublishBody<>(read.request(), read.decoded());
        } catch (JacksonException malformed) {
            throw new HttpMessageNotReadableException("JSON parse error: " + malformed.getOriginalMessage(),
                    malformed, input);
        } catch (IOException failed) {
            // Reading our own spooled file: a fault of ours, not a malformed body.
            throw new UncheckedIOException("Could not read the spooled request body", failed);
        }
    }

    @Override
    public void write(Object value, ResolvableType type, MediaType contentType, HttpOutputMessage output,
            Map<String, Object> hints) {
        throw new UnsupportedOperationException("PublishBodyConverter only reads");
    }
}
