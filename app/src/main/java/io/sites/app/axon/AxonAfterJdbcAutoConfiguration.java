package io.sites.app.axon;

import org.springframework.boot.autoconfigure.AutoConfiguration;

/**
 * Empty on purpose: it only orders auto-configurations. Axon 4.13 orders its JDBC event store and transaction
 * manager after Boot 3's class names, so on Boot 4 they were evaluated before the DataSource existed and Axon fell
 * back to no event store and no transactions. Sorting this class between the two restores the intended order.
 */
@AutoConfiguration(
        afterName = {
                "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
                "org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration"},
        beforeName = {
                "org.axonframework.springboot.autoconfig.JdbcAutoConfiguration",
                "org.axonframework.springboot.autoconfig.TransactionAutoConfiguration",
                "org.axonframework.springboot.autoconfig.NoOpTransactionAutoConfiguration",
                "org.axonframework.springboot.autoconfig.AxonAutoConfiguration"})
public class AxonAfterJdbcAutoConfiguration {
}
