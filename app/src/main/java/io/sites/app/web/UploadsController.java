package io.sites.app.web;

import io.sites.api.AccountId;
import io.sites.api.json.CreateUploadsRequest;
import io.sites.api.json.CreateUploadsResult;
import io.sites.api.json.UploadReceived;
import io.sites.api.json.UploadSlot;
import io.sites.app.SiteUrls;
import io.sites.command.upload.Uploads;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * createUploads, and the PUT to a putUrl. The PUT lives outside /v1 because it carries no token: its URL is the
 * credential. Its body is handed to {@link Uploads} as a stream, never read into memory here.
 */
@RestController
class UploadsController {
    static final String PUT_PATH = "/uploads/";

    private final Uploads uploads;
    private final SiteUrls urls;

    UploadsController(Uploads uploads, SiteUrls urls) {
        this.uploads = uploads;
        this.urls = urls;
    }

    @PostMapping(path = "/v1/uploads", consumes = "application/json", produces = "application/json")
    ResponseEntity<CreateUploadsResult> createUploads(AccountId caller, @RequestBody CreateUploadsRequest request) {
        var slots = uploads.allocate(caller, request).stream()
                .map(slot -> new UploadSlot(slot.path(), slot.uploadKey(), urls.api(PUT_PATH + slot.secret()),
                        slot.contentType(), slot.expiresAt().toString()))
                .toList();
        return ResponseEntity.status(HttpStatus.CREATED).body(new CreateUploadsResult(slots));
    }

    @PutMapping(path = PUT_PATH + "{secret}", produces = "application/json")
    UploadReceived put(@PathVariable String secret, HttpServletRequest request) throws IOException {
        Uploads.Received received = uploads.receive(secret, request.getContentType(), request.getContentLengthLong(),
                request.getInputStream());
        return new UploadReceived(received.uploadKey(), received.path(), received.blob().size(),
                received.blob().sha256());
    }
}
