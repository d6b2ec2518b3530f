package io.sites.site.replica;

import io.sites.replica.ReplicaInstances;
import io.sites.replica.ReplicaRow;
import io.sites.site.SiteServerProperties;
import io.sites.site.directory.SiteDirectory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/** Assembles this process's row among the site replicas, which the directory tells how far it has read. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SiteServerProperties.class)
class SiteReplicaConfiguration {

    /**
     * This process's row among the site replicas. The snapshot is named by the configured replica (stable across
     * restarts); the row by the process (two processes on one host share a HOSTNAME), hence the random suffix
     * ({@link ReplicaInstances}).
     */
    @Bean
    SiteReplica siteReplica(JdbcTemplate jdbc, SiteServerProperties properties, SiteDirectory directory,
            ReplicaInstances instances) {
        return new SiteReplica(jdbc, instances.claim(ReplicaRow.SITES), directory::isCaughtUp,
                properties.replicas().heartbeat(), properties.replicas().behindAfter());
    }
}
