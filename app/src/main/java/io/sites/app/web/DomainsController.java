package io.sites.app.web;

import io.sites.api.id.Actor;
import io.sites.app.usecases.DomainOperations;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** A website's custom domains (issue 34): thin adapters over {@link DomainOperations}. */
@RestController
@RequestMapping("/v1/websites/{websiteId}/domains")
class DomainsController {
    private final DomainOperations operations;

    DomainsController(DomainOperations operations) {
        this.operations = operations;
    }

    /** The body's fields: the hostname, and optionally whether it serves of its apex/www pair; others are ignored. */
    record AddDomainBody(String hostname, Boolean primary) {
    }

    @PostMapping(produces = "application/json")
    ResponseEntity<DomainOperations.Domain> add(Actor caller, @PathVariable String websiteId,
            @RequestBody AddDomainBody body) {
        return ResponseEntity.status(HttpStatus.CREATED).body(operations.add(caller, websiteId, body.hostname(),
                body.primary()));
    }

    @GetMapping(produces = "application/json")
    Map<String, List<DomainOperations.Domain>> list(Actor caller, @PathVariable String websiteId) {
        return Map.of("domains", operations.list(caller, websiteId));
    }

    @PostMapping(path = "/{hostname}/verify", produces = "application/json")
    DomainOperations.Domain verify(Actor caller, @PathVariable String websiteId, @PathVariable String hostname) {
        return operations.verify(caller, websiteId, hostname);
    }

    @DeleteMapping("/{hostname}")
    ResponseEntity<Void> remove(Actor caller, @PathVariable String websiteId, @PathVariable String hostname) {
        operations.remove(caller, websiteId, hostname);
        return ResponseEntity.noContent().build();
    }
}
