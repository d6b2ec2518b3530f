package io.sites.app.web;

import io.sites.api.id.AccountId;
import io.sites.api.json.CreateUploadsRequest;
import io.sites.api.json.CreateUploadsResult;
import io.sites.api.json.MissingDigestsRequest;
import io.sites.api.json.MissingDigestsResult;
import io.sites.api.json.UploadFilesRequest;
import io.sites.api.json.UploadFilesResult;
import io.sites.api.json.UploadReceived;
import io.sites.app.usecases.PublishOperations;
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
 * createUploads, uploadFiles (files sent ahead, in batches), findMissingDigests (what a publish would have to send), and the PUT to a putUrl. The PUT lives outside /v1 because it carries no token: its URL is the
 * credential. Its body is handed to {@link PublishOperations#receiveUpload} as a stream, never read into memory here.
 */
@RestController
class UploadsController {
    private final PublishOperations operations;

    UploadsController(PublishOperations operations) {
        this.operations = operations;
    }

    @PostMapping(path = "/v1/uploads", consumes = "application/json", produces = "application/json")
    ResponseEntity<CreateUploadsResult> createUploads(AccountId caller, @RequestBody CreateUploadsRequest request) {
        return ResponseEntity.status(HttpStatus.CREATED).body(operations.createUploads(caller, request));
    }

    /** uploadFiles: a large body's contents are decoded while read (a batch is a request body of files). */
    @PostMapping(path = "/v1/uploads/batch", consumes = "application/json", produces = "application/json")
    ResponseEntity<UploadFilesResult> uploadFiles(AccountId caller,
            @RequestBody PublishBody<UploadFilesRequest> body) {
        return ResponseEntity.status(HttpStatus.CREATED)
                .body(operations.uploadFiles(caller, body.request(), body.decoded()));
    }

    @PostMapping(path = "/v1/digests/missing", consumes = "application/json", produces = "application/json")
    MissingDigestsResult findMissingDigests(AccountId caller, @RequestBody MissingDigestsRequest request) {
        return operations.findMissingDigests(caller, request);
    }

    @PutMapping(path = PublishOperations.PUT_PATH + "{secret}", produces = "application/json")
    UploadReceived put(@PathVariable String secret, HttpServletRequest request) throws IOException {
        return operations.receiveUpload(secret, request.getContentType(), request.getContentLengthLong(),
                request.getInputStream());
    }
}
